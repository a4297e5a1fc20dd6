/** Numbers for people: counts with separators, sizes in bytes, KB, MB. */
const counts = new Intl.NumberFormat('en-US');

export function formatCount(value: number | undefined): string {
  return value === undefined ? '—' : counts.format(value);
}

export function formatBytes(value: number | undefined): string {
  if (value === undefined) return '—';
  if (value < 1024) return `${value} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let size = value / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${size.toFixed(size < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatBilling(mode: string | undefined): string {
  return mode === 'PAY_PER_REQUEST' ? 'On demand' : mode === 'PROVISIONED' ? 'Provisioned' : (mode ?? '—');
}
