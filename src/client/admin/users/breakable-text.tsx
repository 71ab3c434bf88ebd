import { Fragment } from 'react';

/**
 * A username or an address that wraps only where it has a separator (after '@', '.', '-', '_' or
 * '+'), never inside a word: 'maria.fernandez-|gonzalez@|universidad.es'. A part too long for the
 * column ends in '…' (users.css); the whole text is the element's title.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@._+-])/u);
  return (
    <span className="users-breakable" title={text}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
