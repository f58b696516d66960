import { X } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { toast, ToastBar, Toaster, type ToastPosition } from 'react-hot-toast'
import { TOAST_DURATION_MS, toastPosition } from './toast-options.ts'

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

function useToastPosition(): ToastPosition {
  return useSyncExternalStore(
    subscribeToResize,
    () => toastPosition(window.innerWidth),
    () => 'top-right',
  )
}

/** The layout's toasts: top-center on small screens, top-right above, 10 s, each with a close button. */
export function AppToaster() {
  const position = useToastPosition()
  return (
    <Toaster
      position={position}
      toastOptions={{ duration: TOAST_DURATION_MS, className: '!max-w-md !text-slate-900' }}
      containerClassName="app-toaster"
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              <button
                type="button"
                onClick={() => toast.dismiss(t.id)}
                aria-label="Close notification"
                className="-my-1 -mr-1 shrink-0 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  )
}
