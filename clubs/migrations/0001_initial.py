"""Clubs, their staff, members and seasons (issue 26, docs/clubs.md)."""

import django.core.validators
import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0013_event_layout'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, verbose_name='name')),
                ('slug', models.SlugField(help_text="The club's address name: letters, digits and dashes.", max_length=80, unique=True, verbose_name='slug')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'ordering': ['name'],
                'constraints': [models.UniqueConstraint(django.db.models.functions.text.Lower('slug'), name='club_slug_unique_ignoring_case', violation_error_message='The slug (address name) of another club differs from this one only in capitals: choose another.')],
            },
        ),
        migrations.CreateModel(
            name='ClubRole',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('organizer', 'Organizer'), ('scorer', 'Scorer')], max_length=10)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='clubs.club')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_roles', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('club', 'user'), name='club_role_once_per_club')],
            },
        ),
        migrations.CreateModel(
            name='Member',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(validators=[django.core.validators.MinValueValidator(1)], verbose_name='member number')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('search_name', models.CharField(blank=True, default='', editable=False, max_length=360)),
                ('phone', models.CharField(blank=True, max_length=40, verbose_name='phone')),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='e-mail')),
                ('language', models.CharField(choices=[('en', 'English'), ('es', 'Español'), ('fr', 'Français')], default='en', max_length=5, verbose_name='language')),
                ('public_name', models.CharField(choices=[('full', 'Full name'), ('initial', 'First name and initial')], default='full', max_length=10, verbose_name='name on public pages')),
                ('hidden', models.BooleanField(default=False, help_text='No public record page; public lists show no name for this member.', verbose_name='hidden from public pages')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='members', to='clubs.club')),
            ],
            options={
                'ordering': ['number'],
                'constraints': [models.UniqueConstraint(fields=('club', 'number'), name='member_number_unique_in_club'), models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='member_number_positive'), models.CheckConstraint(condition=models.Q(('name', ''), _negated=True), name='member_name_not_empty')],
            },
        ),
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('slug', models.SlugField(max_length=80, verbose_name='slug')),
                ('name', models.CharField(max_length=200, verbose_name='name')),
                ('by', models.CharField(choices=[('placement_points', 'Placement points'), ('total_points', 'Total points'), ('games_won', 'Games won')], default='placement_points', max_length=20, verbose_name='ranked by')),
                ('placement_points', models.JSONField(blank=True, default=list)),
                ('best_of', models.PositiveSmallIntegerField(blank=True, help_text="Count only each member's best events (blank: all).", null=True, verbose_name='best of')),
                ('min_events', models.PositiveSmallIntegerField(default=0, verbose_name='minimum events')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='clubs.club')),
                ('events', models.ManyToManyField(blank=True, related_name='seasons', to='tournaments.event')),
            ],
            options={
                'ordering': ['-created_at', 'name'],
                'constraints': [models.UniqueConstraint(models.F('club'), django.db.models.functions.text.Lower('slug'), name='season_slug_unique_in_club'), models.CheckConstraint(condition=models.Q(('best_of__isnull', True), ('best_of__gte', 1), _connector='OR'), name='season_best_of_1')],
            },
        ),
    ]
