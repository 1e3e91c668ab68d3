import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../../i18n';

/** Last line of defence: if even the error page fails. Plain markup, no theme needed. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '15vh 16px' }} data-testid="fatal-error">
        <h1 style={{ fontSize: 24 }}>{i18n.t('errors:pages.error_page_failed')}</h1>
        <a href="/">{i18n.t('common:actions.back_home')}</a>
      </div>
    );
  }
}
