/** Keeps one failing part of the page from blanking the whole app. */
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  readonly label: string;
  readonly children: ReactNode;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="error-note" role="alert">
        <p>
          <strong>{this.props.label} failed:</strong> {this.state.error.message}
        </p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
