import { useEffect, useRef, useState } from 'react'

/** The phone camera through BarcodeDetector (the barcode-detector polyfill where the browser has none). */
export function DoorScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const onCodeRef = useRef(onCode)
  useEffect(() => {
    onCodeRef.current = onCode
  }, [onCode])
  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: number | undefined
    let lastCode = ''
    let stopped = false
    void (async () => {
      try {
        const { BarcodeDetector } = await import('barcode-detector/ponyfill')
        const detector = new BarcodeDetector({ formats: ['qr_code'] })
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
        if (stopped || !video.current) return
        video.current.srcObject = stream
        await video.current.play()
        const tick = async () => {
          if (stopped || !video.current) return
          const found = await detector.detect(video.current).catch(() => [])
          const value = found[0]?.rawValue
          if (value && value !== lastCode) {
            lastCode = value
            onCodeRef.current(value)
          }
          timer = window.setTimeout(() => void tick(), 250)
        }
        void tick()
      } catch {
        setProblem('The camera could not be opened: type the code instead.')
      }
    })()
    return () => {
      stopped = true
      if (timer) window.clearTimeout(timer)
      stream?.getTracks().forEach((t) => t.stop())
    }
  }, [])
  return (
    <div className="mt-4">
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <video
        ref={video}
        className="w-full rounded-lg bg-black"
        muted
        playsInline
        aria-label="Camera view for scanning"
      />
    </div>
  )
}
