/** The programme's mark: two overlapping circles (emotion and coexistence) in blue and gold. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="15" cy="20" r="11" fill="none" stroke="#f2b544" strokeWidth="3" />
      <circle cx="25" cy="20" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M20 11.2a11 11 0 0 1 0 17.6a11 11 0 0 1 0-17.6z" fill="#f2b544" opacity="0.9" />
    </svg>
  );
}
