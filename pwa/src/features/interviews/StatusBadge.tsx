import { capitalizeStatus, statusBadgeColor, type BadgeColor } from '@shared/candidates/status-labels';
import { Badge } from '@/ui/Badge';

const COLORS: Record<BadgeColor, string> = {
  green: 'bg-success text-success-foreground',
  red: 'bg-destructive text-destructive-foreground',
  // The 600 shades in both themes: white text on the lighter 500s falls below 4.5:1.
  blue: 'bg-blue-600 text-white',
  purple: 'bg-purple-600 text-white',
  gray: 'bg-muted text-muted-foreground',
};

/** A candidate's status, coloured as the spec's badges: hired green, rejected red, interview blue, offer purple. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="outline" className={`border-transparent ${COLORS[statusBadgeColor(status)]}`}>
      {capitalizeStatus(status)}
    </Badge>
  );
}
