import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A sober corporate blue. */
const intranet: MantineColorsTuple = [
  '#eaf2fb', '#d3e2f3', '#a5c3e8', '#74a2dd', '#4d87d3', '#3576ce', '#276dcc', '#1a5cb4', '#1c4f8c', '#0d3f7f',
];

/** Dense enough for daily admin work: small controls, compact spacing, system fonts. */
export const theme = createTheme({
  colors: { intranet },
  primaryColor: 'intranet',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizes: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1rem', xl: '1.125rem' },
  spacing: { xs: '0.5rem', sm: '0.625rem', md: '0.875rem', lg: '1.125rem', xl: '1.5rem' },
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '1.5rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
    // On a phone a row of choices wider than the screen scrolls within itself, not the page.
    SegmentedControl: { styles: { root: { maxWidth: '100%', overflowX: 'auto' } } },
  },
});
