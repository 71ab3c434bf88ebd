import type { CSSProperties } from 'react';

/** CSS custom properties by name (`--span`): React sets them on the element as they are. */
export type CustomProperties = { [name: `--${string}`]: string | number };

/**
 * A style made of custom properties, which React's CSSProperties does not list
 * by name: `style={customProperties({ '--span': 2 })}`.
 */
export const customProperties = (properties: CustomProperties): CSSProperties => properties;
