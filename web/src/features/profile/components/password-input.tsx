// A password TextField with a show/hide button.
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PasswordInput = forwardRef<HTMLDivElement, TextFieldProps>(function PasswordInput(props, ref) {
  const { t } = useTranslation('profile');
  const [show, setShow] = useState(false);
  return (
    <TextField
      fullWidth
      {...props}
      ref={ref}
      type={show ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('profile:password.hide') : t('profile:password.show')}>
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
