import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { finishLoading, getLoadingState, startLoading, subscribeLoading } from '../../lib/loading-bar';

export function TopLoadingBar() {
  const [s, setS] = useState(getLoadingState);
  useEffect(() => subscribeLoading(setS), []);
  return (
    <Box
      role="progressbar"
      aria-hidden={!s.visible}
      aria-valuenow={Math.round(s.percent)}
      data-testid="top-loading-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: (t) => t.zIndex.tooltip + 1,
        width: `${s.percent}%`,
        opacity: s.visible ? 1 : 0,
        bgcolor: s.failed ? 'error.main' : 'secondary.main',
        transition: 'width 100ms linear, opacity 300ms ease',
        pointerEvents: 'none',
      }}
    />
  );
}

/** Rendered as a Suspense fallback: drives the bar while a route chunk loads. */
export function RouteLoading() {
  useEffect(() => {
    startLoading();
    return () => finishLoading();
  }, []);
  return <Box sx={{ minHeight: '50vh' }} />;
}
