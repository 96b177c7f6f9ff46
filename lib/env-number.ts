/**
 * A whole number from an environment variable within [min, max], or `fallback` when it is unset or
 * anything else: a mistyped setting falls back to the default instead of breaking its feature.
 */
export function envInteger(value: string | undefined, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}
