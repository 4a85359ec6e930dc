import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '@xyflow/react/dist/style.css';
import '../diagram/styles.css';
import './styles.css';
import { DiagramApp } from './DiagramApp';
import { viewStrings } from './strings';

/** A render failure shows a message in the frame instead of leaving it blank. */
class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    // Shown in the frame (render below); nothing else to do in a sandbox without a console reader.
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="af-status af-status-problem" role="alert">
        <div className="af-status-box">
          <div className="af-status-title">{viewStrings(navigator.language).crashed}</div>
          <div className="af-status-detail">{this.state.error.message}</div>
        </div>
      </div>
    );
  }
}

// Errors caught by the boundary are shown, not logged: hosts surface console errors as faults of the app.
createRoot(document.getElementById('root')!, { onCaughtError: () => undefined }).render(
  <ErrorBoundary>
    <DiagramApp />
  </ErrorBoundary>,
);
