// Money of paid batches and payments: amounts are integers of poisha (100 poisha = 1 taka), shown
// as taka in the interface's digits ("৳1,500" in English, "১,৫০০৳" in Bangla), with the paisa only
// when there are some.

/** An amount of poisha as taka: whole taka without decimals, otherwise two. */
export function formatTaka(poisha: number, lang: string): string {
  const digits = poisha % 100 ? 2 : 0;
  return new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-BD', {
    style: 'currency',
    currency: 'BDT',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(poisha / 100);
}
