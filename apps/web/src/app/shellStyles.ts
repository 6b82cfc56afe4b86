/**
 * The shell's and the home's styles: the components the top bar, the menu, the palette, the notifications, the
 * dialogs the shell opens and the home panels show, beyond /login's (loginStyles.ts), in Mantine's own order.
 * Every other component's CSS comes with the first area opened (areaStyles.ts), so the first screen after sign-in
 * does not pay for the tables, forms and pickers it does not show. All in Mantine's `mantine` layer.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Mark.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
