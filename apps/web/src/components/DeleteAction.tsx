import { ActionIcon, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { confirmAction, type ConfirmOptions } from './confirmAction.tsx';

/** What the user is told once it is done, and where they go then. */
export interface DeleteNotice {
  title: string;
  message: string;
  /** Green unless said otherwise (a person deactivated instead of deleted is yellow). */
  color?: string;
  autoClose?: number;
  /** Where to go next: the list, when the screen showed what was deleted. */
  to?: string;
}

/** One confirmed deletion: what to ask, what to run, what to say. */
export interface DeleteFlow<TData> {
  confirm: Omit<ConfirmOptions, 'danger'>;
  /** The server's deletion (a mutation's mutateAsync with its variables). */
  run: () => Promise<TData>;
  /** The notice once deleted, or a function of the server's answer; none when the screen shows it already. */
  done?: DeleteNotice | ((result: TData) => DeleteNotice);
  /** The red notification's title when the server refuses; its message is the server's. */
  errorTitle: string;
  /** Set when the deletion is refused before asking (an app with versions): this dialog says why instead. */
  refused?: Omit<ConfirmOptions, 'danger'> | false;
  /** Runs once deleted, before leaving the screen (a form lets go of its unsaved-changes guard). */
  onDone?: (result: TData) => void;
}

/**
 * The one delete flow: ask (a red Eliminar), run, notify, then go on. Answers a function that runs it; `pending`
 * is true while the server deletes.
 */
export function useDeleteFlow() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function run<TData>(flow: DeleteFlow<TData>): Promise<void> {
    if (flow.refused) {
      await confirmAction(flow.refused);
      return;
    }
    if (!(await confirmAction({ ...flow.confirm, danger: true }))) return;
    setPending(true);
    try {
      const result = await flow.run();
      const {
        to,
        color = 'green',
        ...notice
      } = (typeof flow.done === 'function' ? flow.done(result) : flow.done) ?? {};
      if ('title' in notice) notifications.show({ color, ...notice });
      flow.onDone?.(result);
      if (to !== undefined) void navigate(to);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: flow.errorTitle,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setPending(false);
    }
  }
  return { run, pending };
}

type DeleteActionProps<TData> = DeleteFlow<TData> & {
  /** The button's text ('Eliminar'); an icon button's accessible name ('Eliminar web-01'). */
  label: string;
  /**
   * 'button': a red button with the trash icon (a record's screen); 'icon': a trash icon in a row or a card,
   * with `tooltip` on hover.
   */
  variant?: 'button' | 'icon';
  tooltip?: string;
  size?: ButtonProps['size'];
  /** The icon's size (16 unless said otherwise). */
  iconSize?: number;
  /** The text shown on the button when its accessible name (`label`) says more. */
  children?: ReactNode;
};

/** A delete button: asks for confirmation, deletes, notifies, and goes on (DeleteFlow). */
export function DeleteAction<TData>({
  label,
  variant = 'button',
  tooltip,
  size,
  iconSize = 16,
  children,
  ...flow
}: DeleteActionProps<TData>) {
  const { run, pending } = useDeleteFlow();
  const onClick = () => void run(flow);
  if (variant === 'icon') {
    const icon = (
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} loading={pending}>
        <IconTrash size={iconSize} />
      </ActionIcon>
    );
    return tooltip ? <Tooltip label={tooltip}>{icon}</Tooltip> : icon;
  }
  return (
    <Button
      color="red"
      variant="light"
      size={size}
      leftSection={<IconTrash size={iconSize} />}
      loading={pending}
      onClick={onClick}
      aria-label={children === undefined ? undefined : label}
    >
      {children ?? label}
    </Button>
  );
}
