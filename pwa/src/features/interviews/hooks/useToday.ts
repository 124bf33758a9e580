/**
 * Today's date (yyyy-MM-dd) in the device's time zone, kept current: a page left open over midnight
 * moves on to the new day, so "Today" and the never-beyond-today rule stay true.
 */
import { useEffect, useState } from 'react';
import { deviceTimeZone, toDayString } from '@shared/format/time-zone';

const CHECK_EVERY_MS = 30_000;

export function useToday(timeZone: string = deviceTimeZone()): string {
  const [today, setToday] = useState(() => toDayString(Date.now(), timeZone));
  useEffect(() => {
    const check = () => setToday(toDayString(Date.now(), timeZone));
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [timeZone]);
  return today;
}
