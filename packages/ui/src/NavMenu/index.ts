export { NavMenu, type NavMenuItem, type NavMenuLinkProps, type NavMenuProps } from './NavMenu.tsx';
