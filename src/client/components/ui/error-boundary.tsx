import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface ErrorBoundaryProps {
  /** What to show instead of the children once they have thrown; `reset` tries them again. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode
  /** Called once per caught error, e.g. to log it. */
  onError?: (error: unknown, info: ErrorInfo) => void
  children: ReactNode
}

interface State {
  error: unknown
  failed: boolean
}

/**
 * Catches what its children throw while rendering, so one broken page does not take the whole app
 * (sidebar, footer, toasts) down with it. Give it a `key` that changes with the page to reset it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // NOTE: React reports an error a boundary caught on the console; Preact, which the client build
    // runs on (decision 0027), does not, so the boundary says it. Under React (npm run dev) it
    // appears twice.
    console.error(error)
    this.props.onError?.(error, info)
  }

  reset = (): void => {
    this.setState({ error: null, failed: false })
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset })
    return this.props.children
  }
}
