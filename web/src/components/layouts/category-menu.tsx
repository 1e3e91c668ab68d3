import { Button } from '@mui/material';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { categoryTitle } from '../../lib/course-text';
import { useCategories } from '../../lib/public-queries';
import { ListItemText, Menu, MenuItem } from '../ui/deferred-mui';

/** Course categories dropdown; items go to /search/lists?type=latest&category_id=<id>. */
export function CategoryMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useCategories();
  const cats = data ?? [];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<CategoryOutlinedIcon />}
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="category-button"
        sx={{ color: 'text.secondary' }}
      >
        {t('common:nav.categories')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { minWidth: 220, maxHeight: 420 } } }}>
        {cats.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('common:nav.categories_empty')} />
          </MenuItem>
        )}
        {cats.map((c) => (
          <MenuItem
            key={c.id}
            component={RouterLink}
            to={`/search/lists?type=latest&category_id=${c.id}`}
            onClick={() => setAnchor(null)}
          >
            <ListItemText primary={categoryTitle(c, i18n.language)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
