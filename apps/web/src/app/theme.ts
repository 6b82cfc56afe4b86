import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A sober corporate blue. */
const intranet: MantineColorsTuple = [
  '#eaf2fb',
  '#d3e2f3',
  '#a5c3e8',
  '#74a2dd',
  '#4d87d3',
  '#3576ce',
  '#276dcc',
  '#1a5cb4',
  '#1c4f8c',
  '#0d3f7f',
];

/** Dense enough for daily admin work: small controls, compact spacing, system fonts. */
export const theme = createTheme({
  colors: { intranet },
  primaryColor: 'intranet',
  primaryShade: { light: 7, dark: 5 },
  // Text on a filled colour is black or white, whichever reads better (WCAG's crossing point): never white on
  // yellow, orange or light green.
  autoContrast: true,
  // Someone who asked their system for less motion (vestibular disorders, WCAG 2.3.3) gets dialogs, menus and
  // drawers without their transitions.
  respectReducedMotion: true,
  luminanceThreshold: 0.179,
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
    // A spinner is announced as a status: its aria-label ("Cargando…") is only allowed on an element with a role.
    Loader: { defaultProps: { role: 'status' } },
    // On a phone a row of choices wider than the screen scrolls within itself, not the page.
    SegmentedControl: { styles: { root: { maxWidth: '100%', overflowX: 'auto' } } },
  },
});

/** A colour's darkest shade darkened further: text that reads at 4.5:1 on white and on its own light tint. */
const textoOscuro = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`;

/**
 * Mantine's greys and coloured texts are a shade too light for WCAG AA on white (dimmed text 3.3:1, a green
 * badge's 2.4:1, as axe-core measured them): in the light scheme they read darker, in the dark one a little lighter.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6c737a',
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((color) => [
        [`--mantine-color-${color}-light-color`, textoOscuro(color)],
        [`--mantine-color-${color}-text`, textoOscuro(color)],
        [`--mantine-color-${color}-outline`, textoOscuro(color)],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    // Links in the primary's 4th shade read at 3.7:1 on a striped row (#2e2e2e): a lighter blue reads at 5:1 or more
    // on every dark surface the portal has, a hovered row included.
    '--mantine-color-anchor':
      'color-mix(in srgb, var(--mantine-color-intranet-3) 60%, var(--mantine-color-intranet-2))',
  },
});
