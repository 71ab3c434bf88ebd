/** What the list benches share: one signed-in request timed whole on the loopback, and its figures. */

/** The time of one GET as the admin, its whole answer read; a failed answer stops the bench. */
export async function timedGet(baseUrl: string, token: string, address: string): Promise<number> {
  const started = process.hrtime.bigint();
  const reply = await fetch(`${baseUrl}${address}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'identity' },
  });
  await reply.arrayBuffer();
  if (!reply.ok) throw new Error(`${address} answered ${reply.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

export const ms = (value: number) => `${value.toFixed(1)} ms`;
