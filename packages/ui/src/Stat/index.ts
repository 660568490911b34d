export { Stat, StatGroup, type StatGroupProps, type StatProps, type StatSize } from './Stat.tsx';
