import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import HeadphonesOutlinedIcon from '@mui/icons-material/HeadphonesOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import type { SvgIconProps } from '@mui/material';

/** Icon of a lesson type (video, audio, document, image, manual, presentation, discussion, quiz, exam). */
export function LessonTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  switch (type) {
    case 'video':
      return <PlayCircleOutlineIcon {...props} />;
    case 'audio':
      return <HeadphonesOutlinedIcon {...props} />;
    case 'document':
      return <DescriptionOutlinedIcon {...props} />;
    case 'image':
      return <ImageOutlinedIcon {...props} />;
    case 'manual':
      return <ArticleOutlinedIcon {...props} />;
    case 'presentation':
      return <SlideshowOutlinedIcon {...props} />;
    case 'discussion':
      return <ForumOutlinedIcon {...props} />;
    case 'quiz':
      return <QuizOutlinedIcon {...props} />;
    case 'exam':
      return <FactCheckOutlinedIcon {...props} />;
    default:
      return <InsertDriveFileOutlinedIcon {...props} />;
  }
}
