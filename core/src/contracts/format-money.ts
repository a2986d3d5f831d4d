// A price as a shopper reads it: "$24.00", "€24.00", "£24.00", else "24.00 CAD".
const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥" };

export function formatMoney(amount: number | string, currencyCode: string): string {
  const value = Number(amount);
  const text = Number.isFinite(value) ? value.toFixed(2) : String(amount);
  const symbol = SYMBOLS[currencyCode];
  return symbol ? `${symbol}${text}` : `${text} ${currencyCode}`;
}
