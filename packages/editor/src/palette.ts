// The 16 colours of the text and background colour popups, 8 per row.
export const PALETTE_ROWS = [
  ['#b60205', '#d93f0b', '#fbca04', '#0e8a16', '#006b75', '#1d76db', '#0052cc', '#5319e7'],
  ['#e99695', '#f9d0c4', '#fef2c0', '#c2e0c6', '#bfdadc', '#c5def5', '#bfd4f2', '#d4c5f9'],
] as const;

export const PALETTE: readonly string[] = PALETTE_ROWS.flat();
