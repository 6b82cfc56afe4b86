// Every Mantine component's styles, in their layer: loaded with the first area opened (router.tsx), as the
// shell and /login load only those they show (shellStyles.ts, loginStyles.ts). Rules already there repeat
// unchanged, in Mantine's own order, inside the same layer.
import '@mantine/core/styles.layer.css';
