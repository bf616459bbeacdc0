import { icons, type IconName } from './icons';
import '../styles/kit.css';

export type { IconName };

export interface IconProps {
  name: IconName;
  /** Width and height in px; default 20. */
  size?: number;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  className?: string;
}

/** An inline SVG icon from the registry, coloured by `currentColor`. */
export function Icon({ name, size = 20, title, className }: IconProps) {
  return (
    <svg
      className={className ? `cp-icon ${className}` : 'cp-icon'}
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      dangerouslySetInnerHTML={{ __html: icons[name] }}
    />
  );
}

export default Icon;
