import { Box, Button, Divider, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { categoryTitle } from '../../lib/course-text';
import { useCategories } from '../../lib/public-queries';
import { useSite } from '../../lib/site-context';
import { useAuthLinks } from '../../lib/use-auth-links';

/** Mobile drawer content for visitors: home, categories, login and sign-up. */
export function GuestNav({ onNavigate }: { onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const { site } = useSite();
  const { data } = useCategories();
  const links = useAuthLinks();
  return (
    <Box sx={{ p: 1.5 }} component="nav" aria-label={t('common:nav.main_navigation')}>
      <Box sx={{ display: 'grid', gap: 1, mb: 1.5 }}>
        <Button component={RouterLink} to={links.login} variant="outlined" onClick={onNavigate}>
          {t('common:nav.login')}
        </Button>
        <Button component={RouterLink} to={links.registration} variant="contained" onClick={onNavigate}>
          {t('common:nav.signup')}
        </Button>
      </Box>
      <Divider />
      <List>
        <ListItemButton component={RouterLink} to="/" onClick={onNavigate}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <HomeOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('common:nav.home')} />
        </ListItemButton>
        {site.is_main && site.site_config.modules.partnership && (
          <ListItemButton component={RouterLink} to="/partnership" onClick={onNavigate}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <HandshakeOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary={t('common:footer.partnership')} />
          </ListItemButton>
        )}
      </List>
      <List dense subheader={<ListSubheader disableSticky>{t('common:nav.categories')}</ListSubheader>}>
        {(data ?? []).length === 0 && (
          <ListItemText sx={{ px: 2, color: 'text.secondary' }} primary={t('common:nav.categories_empty')} />
        )}
        {(data ?? []).map((c) => (
          <ListItemButton key={c.id} component={RouterLink} to={`/search/lists?type=latest&category_id=${c.id}`} onClick={onNavigate}>
            <ListItemText primary={categoryTitle(c, i18n.language)} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );
}
