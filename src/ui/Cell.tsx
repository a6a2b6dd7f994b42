import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

interface Props {
  label: string;
  /** Secondary text at the end of the row (a value, a status). */
  value?: ReactNode;
  icon?: IconName;
  /** A link row: the path opens on tap (the caller navigates). */
  onClick?: () => void;
  /**
   * An outside page, opened by a plain link in place: WebViews block `window.open` and new tabs,
   * and back returns to the app.
   */
  href?: string;
}

/** One row of a settings-style list; tappable rows end with a chevron. */
export function Cell({ label, value, icon, onClick, href }: Props) {
  const body = (
    <>
      {icon && <Icon name={icon} />}
      <span>{label}</span>
      {value != null && <em>{value}</em>}
      {(onClick || href) && <i className="chev"><Icon name="chev" size={16} /></i>}
    </>
  );
  if (href) {
    return (
      <a className="cell" href={href} rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  return onClick ? (
    <button type="button" className="cell" onClick={onClick}>{body}</button>
  ) : (
    <div className="cell">{body}</div>
  );
}
