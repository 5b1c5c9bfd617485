import { Badge } from '@chakra-ui/react';
import { CircleCheck, CircleDot, CirclePlay, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LearnerProjectStatus } from '../../domain/progress';

/** How each project status looks, everywhere a project is shown. */
export const PROJECT_STATUS: Record<LearnerProjectStatus, { label: string; palette: string; icon: ReactNode }> = {
  completed: { label: 'Completed', palette: 'green', icon: <CircleCheck size={14} aria-hidden="true" /> },
  'in-progress': { label: 'In progress', palette: 'brand', icon: <CirclePlay size={14} aria-hidden="true" /> },
  available: { label: 'Ready to start', palette: 'blue', icon: <CircleDot size={14} aria-hidden="true" /> },
  locked: { label: 'Locked', palette: 'gray', icon: <Lock size={14} aria-hidden="true" /> },
};

export function ProjectStatusBadge({ status, size = 'sm' }: { status: LearnerProjectStatus; size?: 'sm' | 'md' }) {
  const look = PROJECT_STATUS[status];
  return (
    <Badge colorPalette={look.palette} variant="subtle" size={size}>
      {look.icon}
      {look.label}
    </Badge>
  );
}
