import { Component, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

interface State {
  error: unknown;
}

/** A screen that crashed shows the error page instead of a blank app; the layout's key resets it on navigation. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
