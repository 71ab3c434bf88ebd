import type { ReactNode, Ref } from 'react';

/** The top of an admin page: its title (h1) and, on the right, its main action. */
export function PageHeader({
  title,
  action,
  children,
  ref,
}: {
  title: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="kit-page-header">
      <div>
        <h1 className="admin-page-title" ref={ref} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
      {action && <div className="kit-page-header-action">{action}</div>}
    </div>
  );
}
