/**
 * The one button of the product: a native <button> (or, with `href`, a link that looks like one) styled by
 * kit.css's `cp-button` classes. Server pages that cannot render React use `buttonClass` for the same classes.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import '../styles/kit.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'link' | 'danger-link';

export interface ButtonLook {
  /** default (outlined), primary (brand), danger (destructive), link (text only), danger-link (red text). */
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
}

/** The class list of a button with this look (for .astro pages, links and labels). */
export function buttonClass({ variant = 'default', block = false }: ButtonLook = {}, extra?: string): string {
  const classes = ['cp-button'];
  if (variant === 'danger-link') classes.push('cp-button--link', 'cp-button--danger');
  else if (variant !== 'default') classes.push(`cp-button--${variant}`);
  if (block) classes.push('cp-button--block');
  if (extra) classes.push(extra);
  return classes.join(' ');
}

type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { href?: undefined; children?: ReactNode };
type LinkProps = ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ReactNode };

/** A button (type="button" unless told) or, given `href`, a link styled as one. */
export function Button(props: ButtonProps | LinkProps) {
  const { variant, block, className, ...rest } = props;
  const classes = buttonClass({ variant, block }, className);
  if (rest.href !== undefined) return <a {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)} className={classes} />;
  const { type = 'button', ...buttonRest } = rest as ButtonHTMLAttributes<HTMLButtonElement>;
  // biome-ignore lint/a11y/useButtonType: the type is a prop, "button" by default
  return <button type={type} {...buttonRest} className={classes} />;
}
