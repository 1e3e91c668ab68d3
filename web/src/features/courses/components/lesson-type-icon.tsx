import AudiotrackOutlinedIcon from '@mui/icons-material/AudiotrackOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import type { SvgIconProps } from '@mui/material';

const ICONS: Record<string, typeof HelpOutlineIcon> = {
  video: OndemandVideoOutlinedIcon,
  audio: AudiotrackOutlinedIcon,
  document: DescriptionOutlinedIcon,
  image: ImageOutlinedIcon,
  manual: ArticleOutlinedIcon,
  presentation: SlideshowOutlinedIcon,
  discussion: ForumOutlinedIcon,
  quiz: QuizOutlinedIcon,
  exam: FactCheckOutlinedIcon,
};

export function LessonTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = ICONS[type] ?? HelpOutlineIcon;
  return <Icon {...props} />;
}
