import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
}

/** A view whose code failed to load (a new deploy, a dropped connection) says so. */
export class ViewBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-950">
        <p className="font-semibold">This view could not be loaded.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-3 min-h-11 cursor-pointer rounded-md bg-white px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Reload the page
        </button>
      </div>
    );
  }
}
