// A read-only star rating that looks like MUI's <Rating readOnly> (same icons, colours, sizes and
// accessible name, including the theme's getLabelText) without its input machinery: ~4 KB gzipped
// less on the home and course pages, which only show ratings. Forms keep MUI's Rating.
import { Box, type SxProps, type Theme } from '@mui/material';
import { useThemeProps } from '@mui/material/styles';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';

const SIZES = { small: 18, medium: 24, large: 30 } as const;

interface StarsProps {
  value: number;
  /** Steps the value is rounded to (0.5: half stars). */
  precision?: number;
  max?: number;
  size?: keyof typeof SIZES;
  'aria-label'?: string;
  getLabelText?: (value: number) => string;
  sx?: SxProps<Theme>;
}

function defaultLabelText(value: number) {
  return `${value || '0'} Star${value !== 1 ? 's' : ''}`;
}

export function Stars(inProps: StarsProps) {
  // The theme's MuiRating default props (src/theme/locale.ts) give the label in the interface language.
  const props = useThemeProps({ props: inProps as StarsProps & Record<string, unknown>, name: 'MuiRating' }) as StarsProps;
  const { value, precision = 1, max = 5, size = 'medium', getLabelText = defaultLabelText, sx } = props;
  const rounded = Math.round((Number(value) || 0) / precision) * precision;
  return (
    <Box
      component="span"
      role="img"
      aria-label={props['aria-label'] ?? getLabelText(rounded)}
      className="MuiRating-root MuiRating-readOnly"
      sx={[
        (th) => ({ display: 'inline-flex', position: 'relative', fontSize: th.typography.pxToRem(SIZES[size]), color: '#faaf00', width: 'min-content', pointerEvents: 'none' }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {Array.from({ length: max }, (_, i) => {
        const fill = Math.min(1, Math.max(0, rounded - i));
        return (
          <Box component="span" key={i} sx={{ position: 'relative', display: 'flex' }}>
            {fill > 0 && fill < 1 && (
              <Box component="span" sx={{ position: 'absolute', width: `${fill * 100}%`, overflow: 'hidden', display: 'flex' }}>
                <StarIcon fontSize="inherit" />
              </Box>
            )}
            {fill === 1 ? <StarIcon fontSize="inherit" /> : <StarBorderIcon fontSize="inherit" sx={{ color: 'action.disabled' }} />}
          </Box>
        );
      })}
    </Box>
  );
}
