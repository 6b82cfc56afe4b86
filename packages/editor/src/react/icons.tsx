// Small inline icons (stroke drawings on a 24 px grid), so the editor chunk carries no icon library.
const paths = {
  code: 'M8 8l-4 4 4 4M16 8l4 4-4 4',
  blockquote: 'M6 17h3l2-4V7H5v6h3zM14 17h3l2-4V7h-6v6h3z',
  orderedList: 'M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  bulletList: 'M9 6h11M9 12h11M9 18h11M5 6h.01M5 12h.01M5 18h.01',
  link: 'M9 15l6-6M11 6l.5-.5a4 4 0 015.7 5.6l-.5.5M13 18l-.5.5a4 4 0 01-5.6-5.7l.5-.5',
  image: 'M4 5h16v14H4zM4 15l4-4 5 5M14 14l2-2 4 4M15 8h.01',
  textColor: 'M9 15l3-9 3 9M10 12h4M5 20h14',
  backgroundColor: 'M5 20h14M8 15l6-10 4 3-6 10H8zM8 15l-1 2',
  alignLeft: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  alignCenter: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  alignRight: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  alignJustify: 'M4 6h16M4 10h16M4 14h16M4 18h16',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
