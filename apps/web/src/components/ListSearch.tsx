import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { listMessages } from './messages.ts';

export const SEARCH_DELAY_MS = 300;

interface ListSearchProps {
  /** The list's `q` as the URL holds it. */
  value: string;
  /** Called once typing pauses. */
  onSearch: (q: string) => void;
  label?: string;
  placeholder?: string;
  /** The clear button's name; 'Limpiar búsqueda' for the main search. */
  clearLabel?: string;
}

/** The free-text search of a list, bound to `q`; it waits for a pause in typing before searching. */
export function ListSearch({
  value,
  onSearch,
  label = listMessages.buscar,
  placeholder = listMessages.buscarPlaceholder,
  clearLabel = listMessages.limpiarBusqueda,
}: ListSearchProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL can change under the box (Back, a link): follow it.
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const search = useDebouncedCallback(onSearch, SEARCH_DELAY_MS);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      // Leaving the box (a click on a result, a filter) searches at once: a search still waiting would
      // otherwise land after that click and take the user back to the list.
      onBlur={() => search.flush()}
      rightSection={
        text ? (
          <CloseButton
            aria-label={clearLabel}
            size="sm"
            onClick={() => {
              search.cancel();
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      w={{ base: '100%', sm: 280 }}
    />
  );
}
