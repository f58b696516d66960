import { Megaphone } from 'lucide-react'
import { useEffect } from 'react'
import toast from 'react-hot-toast'
import { useClient } from 'urql'
import { AnnouncementsSubscription } from '../graphql/announcements.subscription.ts'

interface Announcement {
  id: string
  message: string
  authorName: string
}

/** Show one announcement as a toast; the same announcement twice is one toast. */
export function showAnnouncement(announcement: Announcement): void {
  toast(
    <div className="min-w-0" data-announcement-id={announcement.id}>
      <p className="font-semibold text-brand-900">Announcement</p>
      <p className="break-words">{announcement.message}</p>
      <p className="mt-1 text-xs text-slate-600">— {announcement.authorName}</p>
    </div>,
    {
      id: `announcement-${announcement.id}`,
      icon: <Megaphone aria-hidden="true" className="size-5 shrink-0 text-brand-700" />,
    },
  )
}

/** Listens for announcements for as long as the app is open and shows each as a toast. */
export function AnnouncementToasts() {
  const client = useClient()
  useEffect(() => {
    // NOTE: a side effect per event, so this subscribes directly instead of through useSubscription,
    // whose reducer may run twice under StrictMode.
    const { unsubscribe } = client.subscription(AnnouncementsSubscription, {}).subscribe((result) => {
      const announcement = result.data?.announcements
      if (announcement) showAnnouncement(announcement)
    })
    return unsubscribe
  }, [client])
  return null
}
