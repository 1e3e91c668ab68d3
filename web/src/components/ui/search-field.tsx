// The search box of a list page, bound to the address's ?search= (lists of people, roles, reports).
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** The search box: typing updates the address's ?search= after a pause (back on page 1). */
export function SearchField({ id, label, search, onSearch, size = 'medium' }: { id: string; label: string; search: string; onSearch: (value: string) => void; size?: 'small' | 'medium' }) {
  const [typed, setTyped] = useState(search);
  // The address's search changed by other means (back, a link): the box follows it.
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    if (typed.trim() !== search) setTyped(search);
  }
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => onSearch(typed), 350);
    return () => clearTimeout(timer);
  }, [typed, search, onSearch]);
  return (
    <TextField
      id={id}
      type="search"
      size={size}
      fullWidth
      value={typed}
      onChange={(e) => setTyped(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && typed.trim() !== search) onSearch(typed);
      }}
      placeholder={label}
      sx={{ flexGrow: 1, maxWidth: { sm: 420 }, bgcolor: 'background.paper' }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      data-testid={id}
    />
  );
}
