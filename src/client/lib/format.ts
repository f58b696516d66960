// Dates as members read them: the one formatter lives in core, so emails say what pages say.
export {
  formatCalendarDate,
  formatCountdown,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatTime,
} from '#core/text/dates.ts'
