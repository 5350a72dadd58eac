import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../not-found';
import { findTutorial } from '../tutorials-logic';
import { TutorialArticle } from './tutorial-article';

/** /tutorial/:id — one tutorial, or the 404 page for an unknown id. */
export default function TutorialPage() {
  const { id } = useParams();
  const tutorial = findTutorial(id);
  if (!tutorial) return <NotFoundPage />;
  return <TutorialArticle key={tutorial.id} tutorial={tutorial} />;
}
