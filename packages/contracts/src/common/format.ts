/** Groups thousands with spaces and shows 0 for empty (spec §9). */
export function formatNumber(value: number | string | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || value === '') return '0';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '0';
  const fixed = Math.abs(n).toFixed(fractionDigits);
  const [int, frac] = fixed.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}
