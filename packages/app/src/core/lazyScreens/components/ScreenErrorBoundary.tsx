import { Component, type ReactNode } from 'react';
import { ScreenLoadTimeoutError } from '../withTimeout.ts';
import { ScreenLoadError } from './ScreenLoadError.tsx';

export type ScreenErrorBoundaryProps = {
  onRetry: () => void;
  children: ReactNode;
};

type State = { error: unknown };

/** Catches a screen whose code failed to load and offers a retry, never a blank page. */
export class ScreenErrorBoundary extends Component<ScreenErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  private readonly handleRetry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) {
      return (
        <ScreenLoadError
          isTimeout={this.state.error instanceof ScreenLoadTimeoutError}
          onRetry={this.handleRetry}
        />
      );
    }
    return this.props.children;
  }
}
