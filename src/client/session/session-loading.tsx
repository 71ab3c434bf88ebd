/**
 * What the admin area shows while the session is being read, or while its
 * code is still arriving (requirements §2: 'Loading...').
 */
export function SessionLoading() {
  return (
    <div
      role="status"
      style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', font: '1rem system-ui, sans-serif', color: '#1f3a5f' }}
    >
      Loading...
    </div>
  );
}
