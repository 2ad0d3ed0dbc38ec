"""Registering partnerships: the CSV reader (scoring.engine.registration), pure Python."""

import pytest

from scoring.engine.registration import RegistrationError, Row, parse


def problems(data):
    with pytest.raises(RegistrationError) as caught:
        parse(data)
    return caught.value.problems


def test_plain_rows_with_header_and_bom():
    data = "\ufeffNumber,Player 1,Player 2,Division\r\n1,Ana Garza,Bob Smith,70-74\r\n2, Rosa  Peña ,Carmen Ruiz,\r\n"
    assert parse(data.encode("utf-8")) == [
        Row(line=2, number=1, player_one="Ana Garza", player_two="Bob Smith", division="70-74"),
        Row(line=3, number=2, player_one="Rosa Peña", player_two="Carmen Ruiz", division=""),
    ]


def test_header_is_optional_and_division_column_too():
    assert parse("7,Ana,Bob\n8,Cy,Di,75+\n") == [Row(1, 7, "Ana", "Bob", ""), Row(2, 8, "Cy", "Di", "75+")]


def test_semicolons_from_a_european_spreadsheet():
    assert parse("1;Ana;Bob;70-74\n2;Cy;Di;75+\n")[1] == Row(2, 2, "Cy", "Di", "75+")


def test_quoted_names_with_commas():
    assert parse('1,"Garza, Ana","Smith, Bob"\n')[0].player_one == "Garza, Ana"


def test_blank_lines_are_skipped_but_line_numbers_stay_true():
    assert problems("1,Ana,Bob\n\n3,,Di\n") == [(3, "player 1 is empty")]


def test_every_problem_is_reported_with_its_line():
    data = "number,p1,p2,division\n1,Ana,Bob\nx,Cy,Di\n1,Ed,Flo\n0,Gus,Hal\n4,Ida\n5,Jo,Kim,A,B\n6,Lu," + "M" * 121 + "\n"
    assert problems(data) == [
        (3, "the partnership number 'x' is not a whole number"),
        (4, "partnership number 1 is already on line 2"),
        (5, "the partnership number 0 is not between 1 and 9999"),
        (6, "needs at least 3 columns (number, player 1, player 2), found 2"),
        (7, "has 5 columns; expected number, player 1, player 2, division"),
        (8, "player 2 is 121 characters long (at most 120)"),
    ]


def test_a_name_of_exactly_120_characters_is_fine():
    assert len(parse("1,Ana," + "M" * 120)[0].player_two) == 120


def test_not_utf8_is_a_clear_message():
    (problem,) = problems("1,José,Ana\n".encode("latin-1"))
    assert problem[0] == 0 and "not UTF-8" in problem[1] and "CSV UTF-8" in problem[1]


def test_an_empty_file_is_refused():
    assert problems("\n\n") == [(0, "The file has no partnerships in it.")]
    # A heading alone (issue 24: a first line with no number is a heading): said so, with the line.
    assert problems("number,p1,p2\n\n") == [(1, "“number, p1, p2” has no number where the number goes, so it was "
                                                 "read as a heading; the file has no other line")]


def test_messages_name_the_line():
    error = RegistrationError([(4, "player 1 is empty"), (0, "whole file")])
    assert error.messages() == ["Line 4: player 1 is empty", "whole file"]
