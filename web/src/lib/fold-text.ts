/** Text as search compares it: accents and case ignored ('Crème' finds 'creme'). */
export const foldText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
