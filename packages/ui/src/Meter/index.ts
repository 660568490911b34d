export { Meter, type MeterProps, type MeterSize } from './Meter.tsx';
export { getMeterState, type MeterState, type MeterStateInput } from './meterState.ts';
