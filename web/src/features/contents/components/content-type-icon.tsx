// The icon of each of the thirteen content types (an item without a cover shows it).
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HeadsetOutlinedIcon from '@mui/icons-material/HeadsetOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import PollOutlinedIcon from '@mui/icons-material/PollOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import WorkOutlineOutlinedIcon from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconProps } from '@mui/material';
import type { ContentType, Part } from '../api/contents-api';

const TYPE_ICONS: Record<ContentType, typeof LibraryBooksOutlinedIcon> = {
  video: SmartDisplayOutlinedIcon,
  audio: HeadsetOutlinedIcon,
  document: DescriptionOutlinedIcon,
  image: PhotoOutlinedIcon,
  manual: MenuBookOutlinedIcon,
  presentation: SlideshowOutlinedIcon,
  quiz: QuizOutlinedIcon,
  exam: FactCheckOutlinedIcon,
  assignment: AssignmentOutlinedIcon,
  survey: PollOutlinedIcon,
  discussion: ForumOutlinedIcon,
  interview: RecordVoiceOverOutlinedIcon,
  project: WorkOutlineOutlinedIcon,
};

/** A type's icon; a stack of books for a type the app does not know. */
export function ContentTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = TYPE_ICONS[type as ContentType] ?? LibraryBooksOutlinedIcon;
  return <Icon {...props} />;
}

/** The icon's type for a part: its file's type, a text as a manual, a quiz. */
export function partIconType(part: Pick<Part, 'kind' | 'file'>): string {
  if (part.kind === 'file') return part.file?.type ?? 'document';
  return part.kind === 'text' ? 'manual' : 'quiz';
}
