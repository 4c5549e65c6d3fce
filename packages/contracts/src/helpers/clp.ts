const clpFormatter = new Intl.NumberFormat('es-CL', {
  style: 'currency',
  currency: 'CLP',
  maximumFractionDigits: 0,
});

/** Chilean peso format, as the checkout and payment result show amounts: 149990 → '$149.990'. */
export function formatClp(amount: number): string {
  return clpFormatter.format(amount).replace(/\s/g, '');
}

/** The bare thousands-separated number, as the spec writes prices: 149990 → '149.990'. */
export function formatThousands(amount: number): string {
  return new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 }).format(amount);
}
