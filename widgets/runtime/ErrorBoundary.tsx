import { Component, type ReactNode } from 'react';

/** One per island: a widget that throws keeps its build-time HTML instead of blanking the page. */
export class ErrorBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`Widget « ${this.props.name} » en erreur :`, error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
