import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { listMessages } from '../messages.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

interface TablePagerProps {
  page: number;
  size: number;
  total: number;
  /** false: the server stopped counting at `total`; the pages go that far, and the text says "más de". */
  totalExacto?: boolean;
  /** With `totalExacto` false: the server's estimate of how many match ("≈ 330 mil resultados"). */
  totalEstimado?: number | undefined;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

const CONTROL_LABELS = {
  first: listMessages.primeraPagina,
  previous: listMessages.paginaAnterior,
  next: listMessages.paginaSiguiente,
  last: listMessages.ultimaPagina,
} as const;

/** What the list says of its total: exact, at least the cap, or the estimate above it. */
function totalTexto(total: number, totalExacto: boolean, totalEstimado: number | undefined): string {
  if (totalExacto) return listMessages.resultados(total);
  return totalEstimado === undefined
    ? listMessages.masDeResultados(total)
    : listMessages.aproxResultados(totalEstimado);
}

/** Below a list: 'N resultados' ('Más de N resultados', '≈ 330 mil resultados'), the page size and the page buttons. */
export function TablePager({
  page,
  size,
  total,
  totalExacto = true,
  totalEstimado,
  onPageChange,
  onSizeChange,
}: TablePagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const sizes = PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, size].sort((a, b) => a - b);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {totalTexto(total, totalExacto, totalEstimado)}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label={listMessages.filasPorPagina}
          size="xs"
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
          data={sizes.map(String)}
          value={String(size)}
          onChange={(event) => onSizeChange(Number(event.currentTarget.value))}
        />
        <nav aria-label={listMessages.paginacion}>
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            withEdges
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(item) => ({
              'aria-label': `Página ${item}`,
              'aria-current': item === page ? 'page' : undefined,
            })}
          />
        </nav>
      </Group>
    </Group>
  );
}
