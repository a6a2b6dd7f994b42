import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

interface Props {
  label: string;
  /** Secondary text at the end of the row (a value, a status). */
  value?: ReactNode;
  icon?: IconName;
  /** A link row: the path opens on tap (the caller navigates). */
  onClick?: () => void;
}

/** One row of a settings-style list; tappable rows end with a chevron. */
export function Cell({ label, value, icon, onClick }: Props) {
  const body = (
    <>
      {icon && <Icon name={icon} />}
      <span>{label}</span>
      {value != null && <em>{value}</em>}
      {onClick && <i className="chev"><Icon name="chev" size={16} /></i>}
    </>
  );
  return onClick ? (
    <button type="button" className="cell" onClick={onClick}>{body}</button>
  ) : (
    <div className="cell">{body}</div>
  );
}
